/**
 * A message's Markdown text, with the renderer loaded on first use (MarkdownText's own chunk),
 * so screens that may show a message (the shell's must-read block) stay light until they do.
 * While the renderer loads, the text shows as plain paragraphs.
 */
import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/chunk-load';

const MarkdownText = lazy(() => loadChunk(() => import('./MarkdownText')).then((m) => ({ default: m.MarkdownText })));

/** `text` rendered as sanitised Markdown (lazily). */
export function RichText({ text }: { text: string }) {
  return (
    <Suspense fallback={<Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>}>
      <MarkdownText text={text} />
    </Suspense>
  );
}

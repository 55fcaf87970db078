/**
 * A message's text: Markdown (headings, links, lists, images, emphasis, quotes, code) rendered
 * sanitised by react-markdown. Raw HTML is dropped (`skipHtml`), and link and image addresses
 * pass react-markdown's `defaultUrlTransform`, which empties any but http(s), mailto, tel and
 * relative ones (no `javascript:`), so no script can run from a message. Headings start one
 * level below the page's own (h1 of the page, h2 in the text). External links open in a new tab.
 * Its own chunk (rich-text.tsx loads it lazily): the start page does not carry the renderer.
 */
// The shell's must-read block shows messages before the full stylesheet is loaded (shell-styles.ts).
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/Image.layer.css';
import { Anchor, Image, Title, Typography } from '@mantine/core';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';

/** The heading levels of a message: # is h2 under the page's h1, ###### stays h6. */
const heading =
  (order: 2 | 3 | 4 | 5 | 6) =>
  ({ children }: { children?: React.ReactNode }) => (
    <Title order={order} size={`h${Math.min(order + 1, 6)}`} mt="sm" mb={4}>
      {children}
    </Title>
  );

const components: Components = {
  h1: heading(2),
  h2: heading(3),
  h3: heading(4),
  h4: heading(5),
  h5: heading(6),
  h6: heading(6),
  a: ({ href, children }) => {
    const external = !!href && /^https?:/i.test(href);
    return (
      <Anchor href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Anchor>
    );
  },
  // An address the URL check emptied (javascript:, data:) leaves the image out, its alt text in place.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? <Image src={src} alt={alt ?? ''} maw="100%" radius="sm" my="xs" /> : <span>{alt}</span>,
};

export interface MarkdownTextProps {
  /** The Markdown text. */
  text: string;
}

/** Renders `text` as sanitised Markdown; see the file comment. */
export function MarkdownText({ text }: MarkdownTextProps) {
  return (
    <Typography>
      <Markdown skipHtml urlTransform={defaultUrlTransform} components={components}>
        {text}
      </Markdown>
    </Typography>
  );
}

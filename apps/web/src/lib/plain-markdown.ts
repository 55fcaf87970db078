/**
 * A message's Markdown as plain text, for the login page, which shows the welcome texts as
 * plain paragraphs rather than carry the Markdown renderer (docs/messages.md, docs/performance.md):
 * heading marks, emphasis and list markers go, a link keeps its words, an image its alt text.
 * Never HTML: the result is shown as text.
 */
export function plainMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^(\s*)[-*+]\s+/gm, '$1• ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=$|[^\w*])/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1');
}

/**
 * Mantine's full stylesheets (core and dates, in the `mantine` cascade layer, so app styles
 * win): a chunk of its own that every /app screen but the start page waits for before it is
 * drawn (`withFullStyles` in router.tsx). The start page and the shell draw with the styles of
 * their own components (shell/shell-styles.ts), so a phone opening the portal does not wait for
 * the styles of every other screen (docs/performance.md).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';

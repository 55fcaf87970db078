/**
 * Mantine styles of the shell and the start page, beyond those of the entry (public-styles.ts):
 * the components the header, its menus and dialogs, the toasts, the must-read guard and the
 * start page's widgets use, each in the `mantine` cascade layer, in the order of Mantine's
 * full stylesheet (which decides between rules of equal weight; a component of the entry that
 * shares an element with one of these is imported again after it). Every other /app screen loads
 * the full stylesheet first (full-styles.ts, loaded by the router), so this list only has to
 * cover what is drawn before another screen opens: kari's start page on a phone waits for 6 kB
 * (brotli) instead of 33 kB (docs/performance.md). Add a component here when the shell or the
 * start page starts to use it.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import './combobox-after-popover.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';

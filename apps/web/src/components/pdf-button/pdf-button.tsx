/**
 * A button that shows a PDF the API answers (waybill, invoice, pallet receipt): it opens a tab at
 * the click itself (a tab opened after the download would be blocked; lib/pdf-tab.ts), shows
 * `opening` there until the PDF arrives, or the PDF is downloaded when the browser blocks the tab.
 * A failure closes the tab and shows the server's translated reason. A real button, reached and
 * pressed with the keyboard; the optional `hint` says what it does to screen readers.
 */
import { Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { notifyError } from '../../lib/notify';
import { openPdfTab } from '../../lib/pdf-tab';

/** What the button says and does; every text is already translated. */
export interface PdfButtonProps {
  /** The button's label. */
  label: string;
  /** The new tab's title, and what it says while the PDF loads. */
  tabTitle: string;
  opening: string;
  /** The toast's title when the PDF cannot be shown (its text is the server's reason). */
  failed: string;
  /** Said to screen readers with the button (aria-describedby). */
  hint?: string;
  icon: ReactNode;
  /** Fetches the PDF and shows it in `tab` (lib/pdf-tab.ts `showPdf`). */
  show(tab: Window | null): Promise<unknown>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** The button; see the file comment. */
export function PdfButton({ label, tabTitle, opening, failed, hint, icon, show, size, variant }: PdfButtonProps) {
  const [loading, setLoading] = useState(false);
  const hintId = useId();
  const open = async () => {
    const tab = openPdfTab(tabTitle, opening);
    setLoading(true);
    try {
      await show(tab);
    } catch (error) {
      notifyError(failed, (error as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button
        size={size}
        variant={variant}
        leftSection={icon}
        loading={loading}
        onClick={() => void open()}
        aria-describedby={hint ? hintId : undefined}
      >
        {label}
      </Button>
      {hint && <VisuallyHidden id={hintId}>{hint}</VisuallyHidden>}
    </>
  );
}

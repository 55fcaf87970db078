/**
 * A signature drawn with a mouse, a pen or a finger (pointer events; the canvas takes no
 * scrolling gestures), or, for keyboard and screen-reader users, the typed name set in a
 * handwriting font. Either way the signature leaves as a PNG data URL. Shared by the orders'
 * signature card and the pallet receipts; its texts are the namespace `signaturePad`.
 */
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './signature-pad.module.css';

const WIDTH = 480;
const HEIGHT = 160;

/** A PNG of `name` in a handwriting font, the size of the pad. */
export function typedSignature(name: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * 2;
  canvas.height = HEIGHT * 2;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1a2a4a';
  context.textBaseline = 'middle';
  let size = 96;
  do {
    context.font = `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
    size -= 4;
  } while (context.measureText(name).width > canvas.width - 80 && size > 24);
  context.fillText(name, 40, canvas.height / 2);
  return canvas.toDataURL('image/png');
}

interface SignaturePadProps {
  /** Called with the signature as a PNG data URL, or null when there is none. */
  onChange: (image: string | null) => void;
  /** The signer's name, used by the typed signature. */
  name: string;
  /** Bumped from outside to clear the pad after saving. */
  resetKey: number;
  /** Whose signature, when a page shows more than one pad ("Driver"): named in the pad's and the choice's labels. */
  party?: string;
  /** `md` for a phone at the dock: the choice and the clear button as large touch targets (WCAG 2.5.8). Default `xs`. */
  size?: 'xs' | 'md';
}

/** Draw or type a signature. */
export function SignaturePad({ onChange, name, resetKey, party, size = 'xs' }: SignaturePadProps) {
  const { t } = useTranslation('signaturePad');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [drawn, setDrawn] = useState(false);

  const context = () => canvas.current?.getContext('2d') ?? null;
  const clear = () => {
    const element = canvas.current;
    const ctx = context();
    if (element && ctx) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, element.width, element.height);
    }
    setDrawn(false);
    if (mode === 'draw') onChange(null);
  };

  // A sharp pad on high-density screens: the bitmap has the device's pixels.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up again when the pad is shown again or cleared from outside.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = WIDTH * ratio;
    element.height = HEIGHT * ratio;
    const ctx = element.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a2a4a';
    setDrawn(false);
  }, [mode, resetKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange is a new function each render of the parent.
  useEffect(() => {
    if (mode === 'type') onChange(name.trim() ? typedSignature(name.trim()) : null);
    else onChange(null);
  }, [mode, name, resetKey]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const onPointerUp = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    const element = canvas.current;
    if (element) onChange(element.toDataURL('image/png'));
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        size={size}
        w="fit-content"
        aria-label={party ? `${t('modeLabel')}: ${party}` : t('modeLabel')}
        value={mode}
        onChange={(value) => setMode(value as 'draw' | 'type')}
        data={[
          { value: 'draw', label: t('draw') },
          { value: 'type', label: t('type') },
        ]}
      />
      {mode === 'draw' ? (
        <>
          <canvas
            ref={canvas}
            className={classes.pad}
            role="img"
            aria-label={party ? `${party}. ${t('padLabel')}` : t('padLabel')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
          <Group gap="xs">
            <Button
              size={size === 'md' ? 'sm' : 'xs'}
              variant="default"
              leftSection={<IconEraser size={14} aria-hidden />}
              onClick={clear}
              disabled={!drawn}
            >
              {t('clear')}
            </Button>
            <Text size="xs" c="gray.7">
              {t('drawHint')}
            </Text>
          </Group>
        </>
      ) : (
        <Text size="xs" c="gray.7">
          {t('typeHint')}
        </Text>
      )}
    </Stack>
  );
}

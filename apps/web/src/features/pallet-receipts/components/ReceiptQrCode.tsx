/**
 * The QR code of a receipt's public link (`qrUrl`, answered once by POST PalletReceipts), drawn in
 * the browser with the `qrcode` package as a PNG image (error correction M), with the link itself
 * below it to copy or open. While the receipt is open the hint says the driver may answer through it.
 */
import { Anchor, Image, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The code and the link. */
export function ReceiptQrCode({ url, number, answerable }: { url: string; number: string; answerable: boolean }) {
  const { t } = useTranslation('palletReceipts');
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then(
      (data) => live && setImage(data),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Stack gap={4} align="center">
      {image && <Image src={image} alt={t('saved.qrAlt', { number })} w={240} h={240} fit="contain" />}
      <Text size="sm" ta="center">
        {t(answerable ? 'saved.qrHint' : 'saved.qrHintFinal')}
      </Text>
      <Anchor href={url} size="sm" style={{ wordBreak: 'break-all' }} ta="center">
        {url}
      </Anchor>
    </Stack>
  );
}

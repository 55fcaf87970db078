/** The spinner shown while a screen, its texts or the session load (spec section 2). */
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner announced as "Loading"; `minHeight` defaults to 40vh. */
export function PageLoader({ minHeight = '40vh' }: { minHeight?: string | number }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Center mih={minHeight} role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{ready ? t('loading') : 'Loading'}</VisuallyHidden>
    </Center>
  );
}

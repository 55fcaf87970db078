/**
 * Error boundary of the routes. A chunk that failed to load (spec section 8: ChunkLoadError,
 * CSS_CHUNK_LOAD_FAILED, or the 120 s time-out) gets the load-error message and a reload
 * button; anything else the catalogue's unexpected-error text. Works even when the texts
 * themselves could not be loaded (English fallback).
 */
import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load';

const fallback = {
  'errors.chunkLoadTitle': 'The page could not be loaded',
  'errors.chunkLoad': 'Part of the portal could not be downloaded. Check your connection and reload the page.',
  'errors.unexpectedTitle': 'Something went wrong',
  'errors.unexpected': 'An unexpected error occurred. Please try again.',
  'actions.reload': 'Reload',
} as const;

/** The `ErrorBoundary` of the root and feature routes. */
export function RouteError() {
  const error = useRouteError();
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = (key: keyof typeof fallback) => (ready ? t(key) : fallback[key]);
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    console.warn('Route error', error);
  }, [error]);

  const title = chunk ? text('errors.chunkLoadTitle') : text('errors.unexpectedTitle');
  const message = chunk ? text('errors.chunkLoad') : text('errors.unexpected');
  return (
    <Container component="main" id="main-content" tabIndex={-1} size="sm" py="xl">
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={title}>
        {message}
        <Group mt="md">
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
            {text('actions.reload')}
          </Button>
        </Group>
      </Alert>
    </Container>
  );
}

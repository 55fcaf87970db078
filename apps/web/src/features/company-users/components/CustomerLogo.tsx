/**
 * The acting customer's logo (GET CompanyLogo): fetched with the bearer token (an <img> cannot
 * send it) only when the session says there is one, and shown from an object URL. `version`
 * (the session's `customer.logoVersion`) is part of the URL, so the browser's private cache
 * serves it until the logo changes. Renders nothing without a logo or when it cannot be loaded.
 */
import { Image } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';

interface CustomerLogoProps {
  version: string | null | undefined;
  /** The image's text alternative; empty when the customer's name stands beside it. */
  alt: string;
  height: number;
  maxWidth?: number;
}

/** The logo, or nothing. */
export function CustomerLogo({ version, alt, height, maxWidth = 160 }: CustomerLogoProps) {
  const logo = useQuery({
    queryKey: ['company', 'logo', version],
    queryFn: async ({ signal }) => {
      const response = await api<Response>('GET', 'CompanyLogo', { signal, raw: true, query: { v: version } });
      return response.blob();
    },
    enabled: !!version,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(logo.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [logo.data]);
  if (!version || !url) return null;
  return <Image src={url} alt={alt} h={height} w="auto" maw={maxWidth} fit="contain" />;
}

import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { usePermission } from '../../../lib/session.ts';
import { uploadLimitsFrom, uploadMedia, type UploadLimits } from './media.api.ts';

/**
 * The upload limits known to the page: the bootstrap settings when it carries them (else
 * `uploadMedia` fetches them once) and whether svg is allowed (`community.manage`).
 */
export function useUploadLimits(): Partial<UploadLimits> {
  const { config } = useBootstrap();
  const allowSvg = usePermission('community.manage');
  return useMemo(() => {
    const limits = uploadLimitsFrom(config, allowSvg);
    return {
      ...(limits.maxSize === null ? {} : { maxSize: limits.maxSize }),
      ...(limits.allowedExtensions === null ? {} : { allowedExtensions: limits.allowedExtensions }),
      allowSvg,
    };
  }, [config, allowSvg]);
}

/** Uploads a file (`POST /media`) after the spec's client-side checks. */
export function useUploadMediaMutation() {
  const limits = useUploadLimits();
  return useMutation({ mutationFn: (file: File) => uploadMedia(file, limits) });
}

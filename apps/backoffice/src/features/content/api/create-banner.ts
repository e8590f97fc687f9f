import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerResponse } from '@wallet/contract/backoffice/content';
import { BANNER_FILE_FIELD, type BannerKind } from '@wallet/contract/backoffice/content-rules';
import { api } from '@/lib/api-client';
import { bannersQueryKey } from './get-banners';

export interface CreateBannerInput {
  kind: BannerKind;
  image: File;
  link: string;
  sortOrder: number;
  enabled: boolean;
  altTh: string;
  altLo: string;
  altEn: string;
}

/** POST /api/backoffice/content/banners: the image and its fields as one multipart form. */
export function createBanner(input: CreateBannerInput): Promise<BannerResponse> {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('link', input.link);
  form.append('sortOrder', String(input.sortOrder));
  form.append('enabled', String(input.enabled));
  form.append('altTh', input.altTh);
  form.append('altLo', input.altLo);
  form.append('altEn', input.altEn);
  // The file last: the server reads the fields before it meets the image.
  form.append(BANNER_FILE_FIELD, input.image);
  return api.upload<BannerResponse>('/api/backoffice/content/banners', form);
}

export function useCreateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}

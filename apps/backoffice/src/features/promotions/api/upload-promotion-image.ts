import { useMutation } from '@tanstack/react-query';
import { BANNER_FILE_FIELD } from '@wallet/contract/backoffice/content-rules';
import type { PromotionImageResponse } from '@wallet/contract/backoffice/promotions';
import { api } from '@/lib/api-client';

/** POST /api/backoffice/promotions/images: stores a banner image beside the home banners', answers its address. */
export function uploadPromotionImage(image: File): Promise<PromotionImageResponse> {
  const form = new FormData();
  form.append(BANNER_FILE_FIELD, image);
  return api.upload<PromotionImageResponse>('/api/backoffice/promotions/images', form);
}

export function useUploadPromotionImage() {
  return useMutation({ mutationFn: uploadPromotionImage });
}

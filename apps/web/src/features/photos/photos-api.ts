import {
  type PhotoList,
  type PhotoListItem,
  type PhotoReplacementResult,
  type PhotoReviewInput,
  photoListItemSchema,
  photoListSchema,
  photoReplacementResultSchema,
} from "@portal/shared/schemas/photos";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Calls of the student photos' review (docs/api.md "Student photos"). */
export const PHOTOS_QUERY_KEY = ["photos"] as const;

export function usePhotoList(apiQuery: string) {
  return useQuery({
    queryKey: [...PHOTOS_QUERY_KEY, apiQuery],
    queryFn: async (): Promise<PhotoList> => photoListSchema.parse(await http.get(`/api/photos?${apiQuery}`)),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The student photo of a request, streamed by the server (an `img` src: the session cookie goes along). */
export function photoImageUrl(requestId: number, uploadId: number | null): string {
  // The upload id makes a new photo a new URL, so the browser never shows the replaced one.
  return `/api/photos/${requestId}/image${uploadId === null ? "" : `?v=${uploadId}`}`;
}

export async function reviewPhoto(requestId: number, body: PhotoReviewInput): Promise<PhotoListItem> {
  return photoListItemSchema.parse(await http.post(`/api/photos/${requestId}/review`, body));
}

/** The family's new student photo after a rejection (an upload of kind studentPhoto of its own). */
export async function replaceStudentPhoto(fileId: number, photoFileId: number): Promise<PhotoReplacementResult> {
  return photoReplacementResultSchema.parse(await http.put(`/api/enrollment/files/${fileId}/photo`, { photoFileId }));
}

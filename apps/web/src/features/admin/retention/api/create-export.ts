import { complianceExportRoutes, type TCreateExportRequest } from '@rounds/contracts/compliance';
import { API_PREFIX } from '@rounds/contracts/limits';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** Where the browser downloads the ZIP: a navigation, so it streams to disk and never sits in this page's memory. */
export const exportDownloadHref = (token: string) =>
  `${API_PREFIX}${complianceExportRoutes.downloadExport.path}?${new URLSearchParams({ token })}`;

/** POST /compliance/exports: checks and records the export, and answers its single-use download link. */
export function useCreateExport() {
  return useMutation({
    mutationFn: async (body: TCreateExportRequest) =>
      (await apiCall(complianceExportRoutes.createExport, { body })).data,
  });
}

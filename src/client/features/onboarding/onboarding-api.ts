import {
  type CheckedField,
  type CheckResult,
  checkResultSchema,
  menuUploadResultSchema,
  type OnboardingForm,
  processCreatedSchema,
} from '../../../shared/onboarding';
import { api, request } from '../../lib/api';

/** POST /api/onboarding/processes (step 1 the first time) or PUT it again after Voltar. */
export async function saveProcess(processId: string | null, values: OnboardingForm): Promise<string> {
  if (!processId) return (await api.post('/onboarding/processes', values, processCreatedSchema)).process_id;
  await request('PUT', `/onboarding/processes/${processId}`, values);
  return processId;
}

export function validateField(processId: string, field: CheckedField, value: string): Promise<CheckResult> {
  return api.post(`/onboarding/processes/${processId}/validate-${field}`, { [field]: value }, checkResultSchema);
}

export async function uploadMenu(processId: string, file: File) {
  const body = new FormData();
  body.append('menu_file', file);
  return api.post(`/onboarding/processes/${processId}/upload-menu`, body, menuUploadResultSchema);
}

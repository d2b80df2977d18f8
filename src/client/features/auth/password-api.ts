import { type ForgotPasswordResponse, forgotPasswordResponseSchema, type ResetPasswordRequest } from '../../../shared/passwords';
import { api, request } from '../../lib/api';

export const sendForgotPassword = (email: string): Promise<ForgotPasswordResponse> =>
  api.post('/auth/forgot-password', { email }, forgotPasswordResponseSchema);

export async function sendResetPassword(body: ResetPasswordRequest): Promise<void> {
  await request('POST', '/auth/reset-password', body);
}

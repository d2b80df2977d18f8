import { type ForgotPasswordResponse, forgotPasswordResponseSchema, type ResetPasswordRequest } from '../../../shared/passwords';
import { api, request } from '../../lib/api';

export const sendForgotPassword = (email: string): Promise<ForgotPasswordResponse> =>
  api.post('/auth/forgot-password', { email }, forgotPasswordResponseSchema);

export async function sendResetPassword(body: ResetPasswordRequest): Promise<void> {
  await request('POST', '/auth/reset-password', body);
}

/** Whether a reset link can still set a password; true, or an ApiError (400 "Link inválido ou expirado"). Uses nothing up. */
export async function checkResetLink(token: string): Promise<true> {
  await request('POST', '/auth/reset-password/check', { token });
  return true;
}

import type { FastifyReply } from 'fastify';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx as a download named `fileName` (an ASCII fallback for old browsers, the real name for the others). */
export function sendSpreadsheet(reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(bytes);
}

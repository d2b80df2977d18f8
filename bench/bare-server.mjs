// Baseline for the public page benchmark: node:http answering every request with the exact bytes and headers
// the app sent for the page (read from the JSON file given as argv[2]). Prints {"port"} when listening.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const { headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const payload = Buffer.from(body, 'base64');
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(payload);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

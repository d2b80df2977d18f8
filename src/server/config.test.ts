import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'adega-config-'));

describe('loadConfig', () => {
  it('uses the defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: dir, databaseUrl: undefined, publicBaseUrl: undefined });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@localhost/adega',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: ' Dono@Adega.com.br ',
      ADMIN_PASSWORD: 'senha-segura',
      PUBLIC_BASE_URL: 'https://adega.com.br/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@localhost/adega',
      jwtSecret: 'x'.repeat(40),
      adminEmail: 'dono@adega.com.br',
      publicBaseUrl: 'https://adega.com.br',
    });
  });

  it('schedules backups from BACKUP_TO, BACKUP_EVERY and BACKUP_KEEP (7 kept by default)', () => {
    const at = (every: string) => loadConfig({ DATA_DIR: dataDir(), BACKUP_TO: 's3://adega-backups/loja', BACKUP_EVERY: every }).backup;
    expect(at('24h')).toEqual({ to: 's3://adega-backups/loja', cron: '0 3 * * *', keep: 7 });
    expect(at('6h')?.cron).toBe('0 */6 * * *');
    expect(at('15m')?.cron).toBe('*/15 * * * *');
    expect(at('7d')?.cron).toBe('0 3 * * 0');
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_TO: '/backups', BACKUP_EVERY: '1d', BACKUP_KEEP: '3' }).backup?.keep).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir() }).backup).toBeUndefined();
  });

  it('reports bad backup variables', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ BACKUP_TO: '/backups', BACKUP_EVERY: '5h', BACKUP_KEEP: '0' })).toEqual([
      'BACKUP_EVERY: use um intervalo como 30m, 6h, 24h (diário, às 3h) ou 7d (semanal)',
      'BACKUP_KEEP: mantenha pelo menos 1',
    ]);
    expect(problems({ BACKUP_TO: 's3://Meu Bucket', BACKUP_EVERY: '24h' })).toEqual(['BACKUP_TO: use uma pasta ou s3://bucket/prefixo']);
    expect(problems({ BACKUP_EVERY: '24h' })).toEqual(['BACKUP_TO e BACKUP_EVERY: defina os dois juntos para agendar backups, ou nenhum']);
  });

  it('reports every bad variable at once', () => {
    const dir = dataDir();
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'curto', PUBLIC_BASE_URL: 'ftp://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const vars = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(vars.sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'PORT', 'PUBLIC_BASE_URL']);
    }
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY says so', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'sim' })).toThrow(/TRUST_PROXY/);
  });

  it('reads MIN_FREE_DISK_MB (512 by default) as bytes and refuses anything but a whole number of megabytes', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).minFreeDiskBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: dir, MIN_FREE_DISK_MB: '64' }).minFreeDiskBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: dir, MIN_FREE_DISK_MB: '0' }).minFreeDiskBytes).toBe(0);
    for (const bad of ['muito', '1.5', '-1'])
      expect(() => loadConfig({ DATA_DIR: dir, MIN_FREE_DISK_MB: bad })).toThrow(/MIN_FREE_DISK_MB/);
  });

  it('reads SHUTDOWN_TIMEOUT (20 s by default) as milliseconds and refuses anything but whole seconds from 1', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).shutdownTimeoutMs).toBe(20_000);
    expect(loadConfig({ DATA_DIR: dir, SHUTDOWN_TIMEOUT: '5' }).shutdownTimeoutMs).toBe(5_000);
    for (const bad of ['logo', '1.5', '0', '-3', '3601'])
      expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_TIMEOUT: bad })).toThrow(/SHUTDOWN_TIMEOUT/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@b.com' })).toThrow(/ADMIN_EMAIL e ADMIN_PASSWORD/);
  });

  describe('object storage (S3_*)', () => {
    const S3 = {
      S3_BUCKET: 'adega-arquivos',
      S3_ENDPOINT: 'https://minio.interno:9000/',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'AKIAEXEMPLO',
      S3_SECRET_ACCESS_KEY: 'segredo-exemplo',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };

    it('is off by default: files stay in DATA_DIR', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    });

    it('reads the bucket and its companions', () => {
      expect(loadConfig({ DATA_DIR: dataDir(), ...S3 }).s3).toEqual({
        bucket: 'adega-arquivos',
        endpoint: 'https://minio.interno:9000',
        region: 'sa-east-1',
        accessKeyId: 'AKIAEXEMPLO',
        secretAccessKey: 'segredo-exemplo',
        forcePathStyle: true,
      });
      const { S3_ENDPOINT: _endpoint, S3_FORCE_PATH_STYLE: _pathStyle, ...onAws } = S3;
      expect(loadConfig({ DATA_DIR: dataDir(), ...onAws }).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
    });

    it('wants the region and both keys with the bucket', () => {
      expect(problemsOf({ S3_BUCKET: 'adega-arquivos', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
        'S3_SECRET_ACCESS_KEY: obrigatória quando S3_BUCKET está definida',
      ]);
      expect(problemsOf({ S3_BUCKET: 'adega-arquivos' })).toEqual([
        'S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: obrigatórias quando S3_BUCKET está definida',
      ]);
    });

    it('refuses companions without a bucket, so a typo in S3_BUCKET does not silently keep files on the disk', () => {
      const { S3_BUCKET: _bucket, ...withoutBucket } = S3;
      expect(problemsOf(withoutBucket)).toEqual([
        'S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE: defina também S3_BUCKET para usar o armazenamento de objetos, ou remova estas variáveis',
      ]);
    });

    it('names each malformed value', () => {
      const problems = problemsOf({ ...S3, S3_BUCKET: 'Adega_Arquivos', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'sim' });
      expect(problems.map((p) => p.split(':')[0])).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']);
    });
  });

  it('reads who may scrape /metrics: its own port, a token, both or neither', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).metrics).toEqual({ port: undefined, host: '0.0.0.0', token: undefined });
    const token = 'm'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, HOST: '10.0.0.11', METRICS_PORT: '9464', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.11',
      token,
    });
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics.host).toBe('127.0.0.1');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env });
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ METRICS_TOKEN: 'curto' })).toEqual(['METRICS_TOKEN: deve ter pelo menos 32 caracteres']);
    expect(problems({ METRICS_TOKEN: `${'m'.repeat(32)} x` })).toEqual(['METRICS_TOKEN: use só letras, dígitos e símbolos, sem espaços']);
    expect(problems({ METRICS_PORT: 'nove' })).toEqual(['METRICS_PORT: deve ser um número de porta']);
    expect(problems({ PORT: '3000', METRICS_PORT: '3000' })).toEqual(['METRICS_PORT: deve ser diferente de PORT']);
    expect(problems({ METRICS_HOST: '127.0.0.1' })).toEqual(['METRICS_HOST: defina também METRICS_PORT']);
  });
});

import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type RunningDatabase, startDatabase } from './database.ts';
import { serializeRequest } from './lib/log-serializers.ts';
import { webBuildExists } from './plugins/web.ts';
import { initialiseDatabase } from './seed/demo-seed.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({
  level: config.logLevel,
  redact: ['req.headers.cookie', 'req.headers.authorization'],
  // Query strings may carry secrets (a reset link's code): only their field names are logged.
  serializers: { req: serializeRequest },
});

// Allowed only when asked for by name (a staging site); said again in every start's log.
if (config.isProduction && config.payments === 'sandbox') {
  logger.warn(
    'PAYMENTS=sandbox: donations and bank lookups are the sandbox; no real money moves and anyone can mark a donation paid',
  );
}

if (config.serveWeb && !config.dev && !webBuildExists()) {
  logger.fatal('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
  process.exit(1);
}

let database: RunningDatabase | undefined;
let shuttingDown = false;

async function shutdown(reason: string, exitCode: number, app?: { close(): Promise<void> }) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ reason }, 'shutting down');
  // A stuck request or database must not keep the process alive forever.
  const force = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    database?.embedded?.signalStopSync();
    process.exit(exitCode || 1);
  }, 30_000);
  force.unref();
  try {
    await app?.close();
  } catch (error) {
    logger.error({ err: error }, 'error while closing the server');
  }
  await database?.shutdown();
  logger.info('stopped');
  process.exit(exitCode);
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void shutdown(signal, 0, app));
}
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception');
  void shutdown('uncaughtException', 1, app);
});
process.on('unhandledRejection', (error) => {
  logger.fatal({ err: error }, 'unhandled rejection');
  void shutdown('unhandledRejection', 1, app);
});
process.on('exit', () => database?.embedded?.signalStopSync());

try {
  database = await startDatabase(config, (message) => logger.info(message));
  app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    logger,
    web: config.serveWeb,
  });
  const outcome = await initialiseDatabase(database.db, {
    seedDemo: config.seedDemo,
    storage: app.storage,
    log: (message) => logger.info(message),
  });
  if (outcome !== 'already-initialised') logger.info({ outcome }, 'database initialised');
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    `iPatient is running on ${config.publicUrl} (${config.mode} mode, ${database.embedded ? 'embedded PostgreSQL' : 'external PostgreSQL'})`,
  );
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  await shutdown('start failed', 1, app);
}

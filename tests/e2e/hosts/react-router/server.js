// `node server.js`: the built app (build/server/index.js exports server/app.js's `app`) behind the
// client build's files, as React Router's custom-server template serves it in production.
import express from 'express';

const { app, checkout } = await import('./build/server/index.js');
await checkout(); // the server half opens before the first request, not on the first click
const server = express();
server.disable('x-powered-by');
server.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
server.use(express.static('build/client', { maxAge: '1h' }));
server.use(app);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => console.log(`[react-router host] http://${host}:${port}`));

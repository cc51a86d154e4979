// The long-lived SSR worker of docs/contracts.md. The generator spawns
// `node frontend/build/server/worker.js` (NODE_ENV=production); it loads the SSR bundle
// once, then answers each NDJSON line on stdin with one framed answer on stdout
// (`frameAnswer`: a header line and the markup's bytes, or a JSON error line). A page
// error becomes `{id, error}` and the worker carries on; it exits when stdin closes.
import { answerLine, describeError, frameAnswer, lineSplitter } from './protocol';
import { render } from './render';

// stdout carries only protocol lines: anything a component or library logs goes to stderr.
for (const method of ['log', 'info', 'debug', 'warn'] as const) {
  console[method] = (...args: unknown[]) => console.error(...args);
}

// An asynchronous error (a stray timer in a component) must not take the worker down.
process.on('uncaughtException', (error) => {
  process.stderr.write(`forecourt ssr worker: uncaught ${describeError(error)}\n`);
});

const lines = lineSplitter((line) => {
  if (line.trim() === '') return;
  process.stdout.write(frameAnswer(answerLine(line, render)));
});
process.stdin.on('data', (chunk: Buffer) => lines.push(chunk));
process.stdin.on('end', () => {
  lines.end();
  // Let pending stdout writes flush, then leave.
  process.stdout.write('', () => process.exit(0));
});

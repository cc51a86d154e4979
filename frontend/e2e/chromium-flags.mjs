// The flags every headless run of the system Chromium starts with (the end-to-end tests
// and the Lighthouse bench): no sandbox or GPU in CI, and nothing that reaches the
// network on its own (QUIC, background networking, component updates, sync). The
// caller adds its own headless flag and a fresh --user-data-dir.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

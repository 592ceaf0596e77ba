import { startCardPointeEmulator } from '@brigade/cardpointe/emulator';

/**
 * The CardPointe emulator in a process of its own, for `npm run bench -- payments`: the real gateway is another
 * machine, so the module's added latency is measured without the emulator sharing its event loop. Prints the
 * emulator's address as one JSON line, then serves until killed.
 */
const emulator = await startCardPointeEmulator({
  credentials: { username: 'testing', password: 'testing123' },
});
process.stdout.write(`${JSON.stringify({ url: emulator.url, restUrl: emulator.restUrl })}\n`);
process.once('SIGTERM', () => void emulator.close().then(() => process.exit(0)));

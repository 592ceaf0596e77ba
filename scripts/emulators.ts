import { join, resolve } from 'node:path';
import { startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  startGoogleBusinessEmulator,
} from '@brigade/google-business/emulator';
import { startHostingEmulator } from '@brigade/hosting/hosting-emulator';
import { startLlmEmulator } from '@brigade/llm/emulator';
import { startPlacesEmulator } from '@brigade/places/emulator';
import {
  EMULATOR_ACCOUNT_SID,
  EMULATOR_AUTH_TOKEN,
  EMULATOR_FROM,
  startTwilioEmulator,
} from '@brigade/twilio/emulator';

/**
 * `npm run emulators` (docs/operations/README.md#the-emulators-as-their-own-process): every outside service's
 * emulator in this one process, on fixed ports, so several Brigade instances share them and a Brigade crash
 * leaves the gateway's memory as it is. Each emulator keeps its memory in a file of its own in `EMULATORS_DIR`
 * (default `./.data/emulators`: cardpointe.json, google-business.json, places.json, llm.json, hosting.json,
 * twilio.json),
 * written before each answer leaves, and so survives its own restart (decision 060).
 * Prints one JSON line with the addresses, then the environment that points Brigade at them.
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const dir = resolve(process.env.EMULATORS_DIR ?? './.data/emulators');

const cardpointe = await startCardPointeEmulator({
  port: port('CARDPOINTE_EMULATOR_PORT', 4101),
  stateFile: join(dir, 'cardpointe.json'),
});
const business = await startGoogleBusinessEmulator({
  port: port('GOOGLE_BUSINESS_EMULATOR_PORT', 4102),
  stateFile: join(dir, 'google-business.json'),
});
const places = await startPlacesEmulator({
  port: port('PLACES_EMULATOR_PORT', 4103),
  stateFile: join(dir, 'places.json'),
});
const llm = await startLlmEmulator({
  port: port('LLM_EMULATOR_PORT', 4104),
  stateFile: join(dir, 'llm.json'),
});
const hosting = await startHostingEmulator({
  port: port('HOSTING_EMULATOR_PORT', 4105),
  stateFile: join(dir, 'hosting.json'),
});

const twilio = await startTwilioEmulator({
  port: port('TWILIO_EMULATOR_PORT', 4106),
  stateFile: join(dir, 'twilio.json'),
});

const urls = {
  cardpointe: cardpointe.url,
  googleBusiness: business.baseUrl,
  places: places.apiUrl,
  llm: llm.apiUrl,
  hosting: hosting.url,
  twilio: twilio.url,
};
process.stdout.write(`${JSON.stringify(urls)}\n`);
process.stdout.write(
  [
    '',
    `Emulators running (their memory in ${dir}). Start Brigade with:`,
    `  CARDPOINTE_URL=${urls.cardpointe}  (merchant account: any merchid of the emulator, user testing, password testing123)`,
    `  GOOGLE_BUSINESS_URL=${urls.googleBusiness} GOOGLE_BUSINESS_CLIENT_ID=${EMULATOR_CLIENT_ID} GOOGLE_BUSINESS_CLIENT_SECRET=${EMULATOR_CLIENT_SECRET}`,
    `  GOOGLE_PLACES_URL=${urls.places} GOOGLE_PLACES_API_KEY=emulator`,
    `  LLM_BASE_URL=${urls.llm} LLM_API_KEY=emulator`,
    `  HOSTING_API_URL=${urls.hosting} HOSTING_TOKEN=emulator`,
    `  TWILIO_API_URL=${urls.twilio} TWILIO_ACCOUNT_SID=${EMULATOR_ACCOUNT_SID} TWILIO_AUTH_TOKEN=${EMULATOR_AUTH_TOKEN} TWILIO_FROM=${EMULATOR_FROM}`,
    '',
  ].join('\n'),
);

const stop = async () => {
  await Promise.all([
    cardpointe.close(),
    business.close(),
    places.close(),
    llm.close(),
    hosting.close(),
    twilio.close(),
  ]);
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

import { configure } from '@testing-library/react';
import { stringsReady } from '../i18n/i18n.ts';

// A findBy… or waitFor returns as soon as its condition holds; its limit only decides when a test
// that waits for something that never comes fails. Testing Library's 1 s was met by the slowest
// screens only on a quiet machine (CI runs the suites side by side on two cores).
configure({ asyncUtilTimeout: 5_000 });

// The app's own strings download in the visitor's language before its first render (decision 084,
// app/start.tsx): every test starts, as the app does, once they are there.
await stringsReady;

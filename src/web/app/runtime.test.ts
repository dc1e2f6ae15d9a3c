import * as compat from 'preact/compat';
import * as compatClient from 'preact/compat/client';
import { renderToString as compatRenderToString } from 'preact/compat/server';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// One runtime: the code that ships runs on Preact through its compat layer, and so do
// `npm run dev` and these tests. This file fails if the tests' runtime is not Preact's;
// vite.config.test.ts fails if the build's or the dev server's is not.

describe('the runtime', () => {
  it('is preact/compat in the tests: react, react-dom, its client and its server', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDOM.createPortal).toBe(compat.createPortal);
    expect(ReactDOMClient.createRoot).toBe(compatClient.createRoot);
    expect(renderToString).toBe(compatRenderToString);
  });
});

#!/usr/bin/env node
// `npm install` (preinstall): on Node older than Electron's installer wants, npm prints
// EBADENGINE warnings for Electron's packages; say in one line what they mean.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stdout.write(
    `glassbox: the EBADENGINE warnings above are Electron's install tools asking for Node >= 22.12 (you have ${process.version}); ` +
      'Glassbox builds and runs on this Node; should the Electron download fail, `npm start` says so and `npx glassbox web` serves the same UI.\n',
  );
}

// Preloaded into the built command (node --require) by tests of the progress line: performance.now() advances a
// tenth of a second at each call, so the quarter second before progress shows has always passed after a few reads,
// however fast the machine reads.
'use strict';
let now = 0;
performance.now = () => (now += 100);

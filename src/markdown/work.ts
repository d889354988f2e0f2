// A gauge of the scanner's work: characters examined by its loops and by the regular expressions it
// runs (each charged with the span it can scan). Plain counting, no timing; test/unit/markdown/markdown-linear.test.ts
// checks that it grows linearly with the input on the shapes that once made the scan quadratic.
export const work = { chars: 0 };

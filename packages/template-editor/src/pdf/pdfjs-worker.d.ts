/** pdf.js's worker module: importing it on the main thread sets `globalThis.pdfjsWorker`. */
declare module 'pdfjs-dist/build/pdf.worker.min.mjs';

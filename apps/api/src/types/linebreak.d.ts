// linebreak (UAX #14, the Unicode line breaking algorithm): where a text may wrap. pdfmake wrapped with it, and the
// documents' renderer keeps it so lines break where they did (documents/pdf/text-flow.ts).
declare module 'linebreak' {
  export type Break = { position: number; required: boolean };
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}

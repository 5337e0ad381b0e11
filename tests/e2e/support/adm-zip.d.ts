// The part of adm-zip (no bundled types) the types test uses.
declare module 'adm-zip' {
  export default class AdmZip {
    constructor(data: Buffer);
    extractAllTo(target: string, overwrite?: boolean): void;
    getEntries(): Array<{ entryName: string }>;
  }
}

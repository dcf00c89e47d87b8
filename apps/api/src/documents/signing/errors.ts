/** A signature or certificate the server refuses, in the words the signer reads (a 422, nothing changed). */
export class SignatureRefused extends Error {}

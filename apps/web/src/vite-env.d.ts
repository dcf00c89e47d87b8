/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public address of the product (APP_URL); a visit through a raw IP address is redirected to its host. */
  readonly VITE_APP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

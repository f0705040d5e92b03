/// <reference types="vite/client" />

// Vite types its env through declaration merging, which only an interface allows.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  readonly VITE_CLIENT_TOKEN?: string;
}

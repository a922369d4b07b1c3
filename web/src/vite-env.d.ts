/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_BASE_PATH?: string;
  readonly VITE_FORCE_WWW_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Vite's `?url` imports (the admin panel is built by Vite): the asset's address once built. */
declare module '*?url' {
  const url: string;
  export default url;
}

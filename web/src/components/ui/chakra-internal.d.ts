// The copy of @pandacss/is-valid-prop that Chakra imports (build/chakra-internal.ts): what browser-system.ts uses of it.
declare module '@chakra-internal-deps/is-valid-prop' {
  export const isCssProperty: (property: string) => boolean;
}

// The app's token dictionary, made at build time (build/token-dictionary-plugin.ts); null on the server.
declare module 'virtual:le-token-dictionary' {
  import type { PackedTokenDictionary } from '@/components/ui/token-dictionary';

  const packed: PackedTokenDictionary | null;
  export default packed;
}

// The copy of @pandacss/is-valid-prop that Chakra imports (build/chakra-internal.ts): what browser-system.ts uses of it.
declare module '@chakra-internal-deps/is-valid-prop' {
  export const isCssProperty: (property: string) => boolean;
}

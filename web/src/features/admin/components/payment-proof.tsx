import { Box, Center, Image, Link, Spinner, Text } from '@chakra-ui/react';

import { usePrivateImage } from '@/hooks/use-private-image';

/** The transfer proof, fetched with the admin's token (private file); opens full size in a new tab. */
export function PaymentProof({ url, username, height }: { url: string; username: string; height?: string }) {
  const proof = usePrivateImage(url);
  return (
    <Box w="100%" h={height ?? { base: '240px', md: '100%' }} minH={height ? undefined : { md: '240px' }} bg="blackAlpha.600" position="relative" data-testid="payment-proof">
      {proof.src ? (
        <Link href={proof.src} target="_blank" rel="noreferrer" display="block" h="100%" title="Open the proof full size">
          <Image src={proof.src} alt={`Payment proof of ${username}`} w="100%" h="100%" objectFit="contain" />
        </Link>
      ) : (
        <Center h="100%" p="4" textAlign="center">
          {proof.loading ? (
            <Spinner color="gold.solid" aria-label="Loading the payment proof" />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {proof.error ?? 'No proof attached.'}
            </Text>
          )}
        </Center>
      )}
    </Box>
  );
}

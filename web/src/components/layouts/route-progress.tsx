import { Box } from '@chakra-ui/react';
import { NAVBAR_Z_INDEX } from '@le/contracts';
import { useNavigation } from 'react-router';

/** A thin gold bar while the next page's code is loading. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      position="fixed"
      top="0"
      left="0"
      h="2px"
      w="full"
      zIndex={NAVBAR_Z_INDEX + 1}
      bgGradient="to-r"
      gradientFrom="gold.700"
      gradientVia="gold.300"
      gradientTo="gold.700"
      animation="pulse 1s ease-in-out infinite"
    />
  );
}

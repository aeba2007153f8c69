import { Box, Heading, Stack, Text, chakra } from '@chakra-ui/react';

import { ChevronDownIcon } from '@/components/ui/icons';

/** Spec §2 FAQ: what the service is, how to start, real-time data, beginner guides, technical issues. */
export const FAQ_ITEMS = [
  {
    value: 'what',
    question: 'What is Lukis Emas?',
    answer:
      'Lukis Emas ("gold painting") is a members-only community around the live gold price (XAU/USD). An automated, statistics-based system "paints" buy and sell signals on the gold chart as the market moves, so you can follow it without special skills, a mentor, or guesswork. Members watch the live chart, talk in the live room and reach our admins directly.',
  },
  {
    value: 'start',
    question: 'How do I get started?',
    answer:
      'Sign up with your name, username and email, then enter the 6-digit code we email you. Your account starts with a free trial, so you can read the history and follow the live chat. When you are ready, choose a Basic, Pro or Expert membership on the payment page, transfer the amount and upload the proof; an admin checks it and your membership starts right after approval.',
  },
  {
    value: 'realtime',
    question: 'Is the data real-time?',
    answer:
      'Yes. The live chart streams the XAU/USD price as it trades, in 30-minute, 1-hour or 4-hour candles, and the live chat updates the moment someone posts. Prices come from the market feed of our chart provider; a short delay of a few seconds is possible on slow connections.',
  },
  {
    value: 'beginners',
    question: 'Are there guides for beginners?',
    answer:
      'Absolutely. The History page keeps every past painting with its chart and notes, so you can see how the system behaved before you join. In the live room you can ask questions in plain language, members and admins are happy to help, and you can always message an admin privately from your account menu.',
  },
  {
    value: 'technical',
    question: 'What if I have a technical problem?',
    answer:
      'First refresh the page and check your internet connection; the live chart needs access to TradingView. If you cannot sign in, use "Forgot password" to get a reset code by email. For anything else, such as a payment that is not yet approved or a page that does not load, send us a message through Message in your account menu and an admin will get back to you.',
  },
] as const;

/**
 * The five-question FAQ (left column of /faq-chat), one answer open at a time. Native disclosures
 * (`<details name>`): a question opens the moment it is tapped, before the page's scripts have run,
 * and keyboards and screen readers get the platform's own behaviour.
 */
export function FaqAccordion() {
  return (
    <Stack gap="5">
      <Stack gap="2">
        <Heading as="h2" size="xl" letterSpacing="tight">
          Frequently Asked Questions
        </Heading>
        <Text color="fg.muted">Quick answers about Lukis Emas. Still curious? Ask in the live chat.</Text>
      </Stack>
      <Box bg="bg.panel" borderRadius="xl" borderWidth="1px" borderColor="border" overflow="hidden" data-testid="faq">
        {FAQ_ITEMS.map((item, index) => (
          <chakra.details key={item.value} name="faq" open={index === 0 ? true : undefined} borderTopWidth={index === 0 ? '0' : '1px'} borderColor="border">
            <chakra.summary
              display="flex"
              alignItems="center"
              gap="3"
              px="4"
              py="4"
              minH="10"
              cursor="pointer"
              fontWeight="semibold"
              fontSize="md"
              listStyle="none"
              _focusVisible={{ outline: '2px solid', outlineColor: 'gold.fg', outlineOffset: '-2px' }}
              css={{ '&::-webkit-details-marker': { display: 'none' } }}
            >
              <Text as="span" flex="1">
                {item.question}
              </Text>
              <ChevronDownIcon color="gold.fg" boxSize="4" transition="transform 0.2s" css={{ 'details[open] > summary > &': { transform: 'rotate(180deg)' } }} aria-hidden />
            </chakra.summary>
            <Text px="4" pb="4" color="fg.muted" lineHeight="tall">
              {item.answer}
            </Text>
          </chakra.details>
        ))}
      </Box>
    </Stack>
  );
}

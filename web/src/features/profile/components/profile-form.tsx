import { Button, Field, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { COUNTRIES, EMAIL_PATTERN, LIMITS, UI_TEXT } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { nameCharactersError, reservedNameError } from '@/lib/name-rules';
import { confirmEmailChange, type ProfileInput, updateProfile } from '@/features/profile/api/update-profile';
import { currentPasswordRefusal } from '@/features/profile/utils/passwords';

const fromUser = (user: PublicUser): ProfileInput => ({
  name: user.name,
  username: user.username,
  no_telp: user.no_telp,
  email: user.email,
  city: user.city,
  country: user.country,
  address: user.address,
});

type Errors = Partial<Record<keyof ProfileInput | 'currentPassword', string>>;

/** Addresses differ only when more than their letter case does (the API's own comparison). */
const sameEmail = (a: string, b: string | null): boolean => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The API's rules, checked first; `role` decides whether the team's words are allowed (admins only). */
const validate = (input: ProfileInput, role: string, passwordNeeded: boolean, currentPassword: string): Errors => {
  const errors: Errors = {};
  const nameRefused = input.name.trim() === '' ? 'Full name is required.' : (nameCharactersError(input.name) ?? reservedNameError(input.name, role));
  if (nameRefused) errors.name = nameRefused;
  const usernameRefused = new RegExp(`^[A-Za-z0-9_.]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$`).test(input.username)
    ? reservedNameError(input.username, role)
    : `${LIMITS.usernameMin}–${LIMITS.usernameMax} letters, digits, dots or underscores.`;
  if (usernameRefused) errors.username = usernameRefused;
  if (!new RegExp(EMAIL_PATTERN).test(input.email.trim())) errors.email = 'Enter a valid email address.';
  else if (passwordNeeded && currentPassword === '') errors.currentPassword = 'Enter your current password to change the email.';
  if (!/^[0-9+()\-\s]*$/.test(input.no_telp)) errors.no_telp = 'Digits, spaces, +, - and brackets only.';
  return errors;
};

/** Spec §2 Profile Settings form: the text fields, saved with PUT /auth/update-profile. */
export function ProfileForm({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const [values, setValues] = useState<ProfileInput>(() => fromUser(user));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [codeResult, setCodeResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');

  // A new address is proven by the password (contract §10); the one already waiting for its code is not asked again.
  const keepsPendingEmail = sameEmail(values.email, pendingEmail);
  const passwordNeeded = !sameEmail(values.email, user.email) && !keepsPendingEmail;

  const set = (key: keyof ProfileInput) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = validate(values, user.role, passwordNeeded, currentPassword);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const { email, ...fields } = values;
      const response = await updateProfile(
        // The address waiting for its code is already asked for: sending it again would mail another code.
        keepsPendingEmail ? fields : { ...fields, email: email.trim(), ...(passwordNeeded ? { currentPassword } : {}) },
      );
      onSaved(response.user);
      setResult({ status: 'success', text: UI_TEXT.profileUpdated });
      setCurrentPassword('');
      const waiting = response.pendingEmail ?? (keepsPendingEmail ? pendingEmail : null);
      if (response.pendingEmail) {
        setCodeResult(null);
        setCode('');
      }
      setPendingEmail(waiting);
      // The email field keeps the address being confirmed; the others show what was saved.
      setValues({ ...fromUser(response.user), email: waiting ?? response.user.email });
    } catch (failure) {
      const refusal = currentPasswordRefusal(failure);
      if (refusal) setErrors((current) => ({ ...current, currentPassword: refusal }));
      else setResult({ status: 'error', text: errorMessage(failure, UI_TEXT.updateProfileFailed) });
    } finally {
      setSaving(false);
    }
  };

  const confirm = async () => {
    setCodeResult(null);
    if (!/^\d{6}$/.test(code)) {
      setCodeResult({ status: 'error', text: 'Enter the 6-digit code from the email.' });
      return;
    }
    setConfirming(true);
    try {
      const response = await confirmEmailChange(code);
      onSaved(response.user);
      setPendingEmail(null);
      setValues((current) => ({ ...current, email: response.user.email }));
      setCodeResult({ status: 'success', text: response.message });
    } catch (failure) {
      setCodeResult({ status: 'error', text: errorMessage(failure, UI_TEXT.updateProfileFailed) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile settings">
      <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField name="name" label="Full name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} maxLength={LIMITS.nameMax} />
        <FormField name="username" label="Nickname" autoComplete="username" value={values.username} onChange={(e) => set('username')(e.target.value)} error={errors.username} maxLength={LIMITS.usernameMax} />
        <FormField name="no_telp" label="Phone number" type="tel" autoComplete="tel" placeholder="+62 812 3456 7890" value={values.no_telp} onChange={(e) => set('no_telp')(e.target.value)} error={errors.no_telp} maxLength={30} />
        <Stack gap="4">
          <FormField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
            error={errors.email}
            helperText={pendingEmail ? `Waiting for the code sent to ${pendingEmail}.` : 'A new email is confirmed with a code sent to it.'}
          />
          {passwordNeeded ? (
            <FormField
              name="emailCurrentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                if (errors.currentPassword) setErrors((current) => ({ ...current, currentPassword: undefined }));
              }}
              error={errors.currentPassword}
              helperText="Needed to change your email."
              maxLength={LIMITS.passwordMax}
            />
          ) : null}
        </Stack>
        <FormField name="city" label="City" autoComplete="address-level2" value={values.city} onChange={(e) => set('city')(e.target.value)} maxLength={100} />
        <Field.Root id="country">
          <Field.Label fontWeight="medium">Country</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field name="country" value={values.country} onChange={(e) => set('country')(e.target.value)} bg="bg.muted" borderColor="border">
              <option value="">— Not set —</option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Field.Root id="address">
        <Field.Label fontWeight="medium">Address</Field.Label>
        <Textarea name="address" value={values.address} onChange={(e) => set('address')(e.target.value)} rows={3} maxLength={500} bg="bg.muted" borderColor="border" autoComplete="street-address" />
      </Field.Root>
      {result ? <FormAlert status={result.status} title={result.text} /> : null}
      {pendingEmail ? (
        <Stack gap="3" bg="bg.subtle" borderWidth="1px" borderColor="gold.muted" borderRadius="lg" p="4" data-testid="email-code">
          <FormField
            name="email-code"
            label={`Code sent to ${pendingEmail}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.resetCodeLength}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            helperText="Your email changes once you enter this code. Until then you sign in with the old one."
          />
          {codeResult ? <FormAlert status={codeResult.status} title={codeResult.text} /> : null}
          <Button alignSelf="flex-start" colorPalette="gold" variant="outline" onClick={() => void confirm()} loading={confirming}>
            Confirm new email
          </Button>
        </Stack>
      ) : codeResult ? (
        <FormAlert status={codeResult.status} title={codeResult.text} />
      ) : null}
      <Button type="submit" colorPalette="gold" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={saving} loadingText="Saving…">
        Save Changes
      </Button>
      </Stack>
    </form>
  );
}

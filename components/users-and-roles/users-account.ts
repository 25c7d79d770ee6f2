// The account whose users the section shows ('me' or a sub-account's id): every dialog's request names it.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export const UsersAccount = createContext('me');

export function useUsersAccount(): string {
  return useContext(UsersAccount);
}

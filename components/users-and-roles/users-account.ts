// The account whose users the section shows ('me' or a sub-account's id): every dialog's request names it.
// And the section store's requests, which the dialogs send through (tests hand the section a fake worker).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type UsersRequests, usersRequests } from './users-store.ts';

export const UsersAccount = createContext('me');

export function useUsersAccount(): string {
  return useContext(UsersAccount);
}

export const UsersRequestsContext = createContext<UsersRequests>(usersRequests());

export function useUsersRequests(): UsersRequests {
  return useContext(UsersRequestsContext);
}

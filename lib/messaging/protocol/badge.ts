import { empty, request } from './request.ts';

export interface BadgeView {
  accountKey: string | null;
  count: number | null;
}

export const badgeProtocol = {
  'badge.refresh': request<BadgeView>()('extension', empty),
} as const;

import { redirect } from 'next/navigation';
import { requireStaff } from '@/site/server/admin/staff-guard';

export default async function AdminHome() {
  await requireStaff('/admin');
  redirect('/admin/leads');
}

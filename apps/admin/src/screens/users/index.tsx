import { useParams } from 'react-router';
import UserDetail from './user-detail';
import UsersList from './users-list';

/** /users (the list) and /users/:uid (one user). */
export default function UsersScreen() {
  const { uid } = useParams();
  return uid ? <UserDetail uid={uid} /> : <UsersList />;
}

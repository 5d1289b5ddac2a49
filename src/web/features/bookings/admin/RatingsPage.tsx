// /ratings and /Ratings (one route: matching is case-insensitive).
import { adminSidebar } from '../../../../contract/messages.js';
import { RatingListing } from './RatingListing.js';

export default function RatingsPage() {
  return <RatingListing title={adminSidebar.ratings} />;
}

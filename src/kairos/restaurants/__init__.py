"""The restaurant product (seed 000): chat, feed, expand and profiles over the shared layers."""

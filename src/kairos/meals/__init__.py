"""The meal coach (seed 001): recipes in the store, adapted safely to a cook and a household."""

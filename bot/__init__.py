"""Guildhall: a Discord bot hosting city-building board games."""
